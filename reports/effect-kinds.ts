/**
 * How a reviewer reads a measured N: the goal is exactly one effect, zero is
 * a lost effect, more is a duplicate, and a case that could not be judged has
 * no N. Every report (chart marks, HTML cell colours) takes its words and
 * colours from here, so they never disagree.
 */
export const EFFECT_KINDS = ['lost', 'one', 'duplicate', 'unjudged'] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];

export function effectKind(effects: number | null): EffectKind {
  if (effects === null) return 'unjudged';
  if (effects === 0) return 'lost';
  return effects === 1 ? 'one' : 'duplicate';
}

export const EFFECT_KIND_WORDS: Readonly<Record<EffectKind, string>> = {
  lost: 'lost',
  one: 'exactly once',
  duplicate: 'duplicate',
  unjudged: 'not judged',
};

/**
 * Strong colours for marks and text, pale ones for table cells. Red and
 * orange are told apart by their words and shapes too (a dashed outline for
 * a lost effect), not by hue alone.
 */
export const EFFECT_KIND_COLORS: Readonly<Record<EffectKind, { strong: string; pale: string }>> = {
  lost: { strong: '#CC3311', pale: '#F9D3CB' },
  one: { strong: '#117733', pale: '#D4EEDB' },
  duplicate: { strong: '#E07000', pale: '#FDE3C4' },
  unjudged: { strong: '#555555', pale: '#E4E4E4' },
};
