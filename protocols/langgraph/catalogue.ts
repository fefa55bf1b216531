import type { CatalogueEntry } from '../../sim/engine/family.js';
import { approveThenNotify } from './approve-then-notify.js';
import { functionalTaskAsync } from './functional-task.js';
import { notifyThenApprove } from './notify-then-approve.js';
import { toolNodeKeyFromTask } from './tool-node-key-from-task.js';
import { toolNodeWithoutKey } from './tool-node-without-key.js';
import type { LangGraphProtocol } from './types.js';

/** The examples, each a graph written as LangGraph's docs teach: two flaws and their repairs, and the functional API's task. */
export const LANGGRAPH_PROTOCOLS: readonly CatalogueEntry<LangGraphProtocol>[] = [
  { protocol: notifyThenApprove, status: 'flawed' },
  { protocol: approveThenNotify, status: 'repaired' },
  { protocol: toolNodeWithoutKey, status: 'flawed' },
  { protocol: toolNodeKeyFromTask, status: 'repaired' },
  { protocol: functionalTaskAsync, status: 'flawed' },
];
