import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../engine/input-error.js';
import { graphFromJson, type HandoverGraph } from './graph.js';

/** Reads a user's handover graph from a JSON file; any problem is one InputError sentence. */
export function readGraphFile(path: string, cwd = process.cwd()): HandoverGraph {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, path), 'utf8');
  } catch (error) {
    throw new InputError(`cannot read graph file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
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
