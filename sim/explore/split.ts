import type { Choice } from './choices.js';
import { executeSchedule, type ExploreTarget } from './target.js';

/**
 * How many subtrees an exploration is split into, at least (when the tree
 * has that many): enough for a few shards and for both cores. More costs
 * more, since explored states are remembered per subtree: outbox-dedup at
 * W=2 I=2 D=2 runs 2,313 executions unsplit, 2,795 in 8 subtrees, 3,158 in
 * 16. It depends on nothing but the tree, so every shard and every pool size
 * splits the same way.
 */
export const SUBTREES_MIN = 8;

interface Node {
  path: number[];
  /** The choices of an execution through `path`, once one was run. */
  choices?: readonly Choice[];
}

/**
 * Splits the executions of a target into subtrees by their first choices:
 * level by level, every subtree that has a choice left is replaced by one
 * subtree per alternative, until there are at least `minimum` or none can be
 * split. The result is in depth-first order; an execution belongs to the one
 * subtree whose key starts its schedule. The executions run to learn the
 * tree's shape are not counted: each subtree's exploration runs its own.
 */
export async function splitSubtrees(target: ExploreTarget, minimum = SUBTREES_MIN): Promise<number[][]> {
  let frontier: Node[] = [{ path: [] }];
  const shape = async (node: Node): Promise<readonly Choice[]> => {
    node.choices ??= (await executeSchedule(target, node.path, new Set(), [], `explore/split/${node.path.join('.')}`)).log.made;
    return node.choices;
  };
  while (frontier.length < minimum) {
    const next: Node[] = [];
    let split = false;
    for (const node of frontier) {
      const choices = await shape(node);
      const choice = choices[node.path.length];
      if (!choice) {
        next.push(node);
        continue;
      }
      split = true;
      for (let alternative = 0; alternative < choice.options; alternative++) {
        // The first alternative is the execution already run: its choices carry over.
        next.push(alternative === 0 ? { path: [...node.path, 0], choices } : { path: [...node.path, alternative] });
      }
    }
    if (!split) break;
    frontier = next;
  }
  return frontier.map((node) => node.path);
}
