/** The five classic cuts, in the order a run reaches them. Their index is the table's column. */
export const CLASSIC_CUTS = ['before-intent', 'intent-recorded', 'effect-applied', 'response-observed', 'confirmed'] as const;

export type ClassicCut = (typeof CLASSIC_CUTS)[number];

export const CLASSIC_CUT_MEANINGS: Record<ClassicCut, string> = {
  'before-intent': 'before the local record; the caller re-presents the same intention',
  'intent-recorded': 'after the local commit, before anything is sent',
  'effect-applied': 'the warehouse committed, the reply is lost before the caller observes it',
  'response-observed': 'the caller has the reply, the final local confirmation is not committed',
  confirmed: 'after the final local confirmation',
};

/** Accepts a cut's index (`2`) or its name (`effect-applied`); undefined for anything else. */
export function parseClassicCut(text: string): { index: number; name: ClassicCut } | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    const index = Number(trimmed);
    const name = CLASSIC_CUTS[index];
    return name === undefined ? undefined : { index, name };
  }
  const index = CLASSIC_CUTS.indexOf(trimmed as ClassicCut);
  return index === -1 ? undefined : { index, name: CLASSIC_CUTS[index] as ClassicCut };
}
