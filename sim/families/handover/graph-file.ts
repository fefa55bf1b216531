import { resolve } from 'node:path';
import { InputError } from '../../engine/input-error.js';
import { fsReason } from '../../results/fs-reason.js';
import { readTextFile } from '../../results/read-text-file.js';
import { graphFromJson, type HandoverGraph } from './graph.js';

/** Reads a user's handover graph from a JSON file; any problem is one InputError sentence. */
export function readGraphFile(path: string, cwd = process.cwd()): HandoverGraph {
  let text: string;
  try {
    text = readTextFile(resolve(cwd, path));
  } catch (error) {
    throw new InputError(`cannot read graph file ${path}: ${fsReason(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InputError(`graph file ${path} is not JSON`);
  }
  const graph = graphFromJson(json, `graph file ${path}`);
  if (typeof graph === 'string') throw new InputError(graph);
  return graph;
}
