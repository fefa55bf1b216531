import { describe, expect, it } from 'vitest';
import { andList } from './words.js';

describe('andList', () => {
  it('joins one, two and three names as a sentence does', () => {
    expect([andList(['plan']), andList(['policy', 'graph']), andList(['policy', 'graph', 'rules'])]).toEqual([
      'plan',
      'policy and graph',
      'policy, graph and rules',
    ]);
  });
});
