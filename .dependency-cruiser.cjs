/**
 * The import rules of DESIGN.md's Layers, checked in `npm test` (`npm run lint:imports`).
 *
 * Layers, top to bottom: entry/ → sim/cli and sim/api (the two faces: the CLI and the library) → sim/app (use cases) →
 * runners (sim/table, sim/check, sim/explore, sim/stress, sim/process, sim/probe) → sim/transport,
 * sim/results, reports/ → sim/engine. A family lives in its own folders (sim/families/<family>/, protocols/<family>/,
 * scenarios/<family>/) and is named elsewhere only by the registry. Test files and sim/testing/ may reach
 * anywhere: they test the layers, they are not one.
 *
 * Violations that exist when a rule is introduced are listed in .dependency-cruiser-known-violations.json
 * (written by `npm run lint:imports:baseline`) and are the architecture work still to do; a new one fails.
 */
const FAMILY = '(reservation|plan|handover)';
const FAMILY_FOLDERS = `^(sim/families/${FAMILY}|protocols/${FAMILY}|scenarios/${FAMILY})/`;
const REGISTRY = '^sim/families/index\\.ts$';
const TESTS = '(\\.test\\.ts$|^sim/testing/|^sim/cli/testing/)';
const FACES = '^sim/(cli|api)/';
const APP = '^sim/app/';
const RUNNERS = '^sim/(table|check|explore|stress|process|probe)/';
const RESULTS = '^(sim/transport|sim/results|reports)/';
const ENGINE = '^sim/engine/';

/** A rule that `from` may not import `to`, test files excepted. */
function forbid(name, comment, from, to) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from, pathNot: TESTS },
    to: { path: to, pathNot: TESTS },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle hides which module is the lower one; break it by moving the shared part down.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: 'faces-only-from-entry',
      comment: 'sim/cli and sim/api are the two faces of sim/app: only entry/ (and the face itself) imports them.',
      severity: 'error',
      from: { path: '^(sim/([^/]+)/|protocols/|scenarios/|reports/|bench/)', pathNot: TESTS },
      to: { path: FACES, pathNot: ['^sim/$2/'] },
    },
    {
      name: 'app-only-from-faces',
      comment: 'sim/app holds the use cases of the two faces: only sim/cli, sim/api and entry/ call it.',
      severity: 'error',
      from: { path: '^(sim|protocols|scenarios|reports|bench)/', pathNot: [TESTS, '^sim/(cli|api|app)/'] },
      to: { path: APP },
    },
    forbid('app-below-faces', 'sim/app is below the CLI and the library.', `^(${ENGINE.slice(1)}|${RUNNERS.slice(1)}|${RESULTS.slice(1)})`, APP),
    forbid('runners-below-app', 'A runner does not reach up into the use cases or the faces.', RUNNERS, `(${APP}|${FACES})`),
    forbid(
      'renderers-below-runners',
      'Transports, results and reports are below the runners.',
      RESULTS,
      `(${RUNNERS}|${APP}|${FACES})`,
    ),
    forbid(
      'engine-at-the-bottom',
      'The engine imports nothing of the layers above it and no family.',
      ENGINE,
      `(${RUNNERS}|${RESULTS}|${APP}|${FACES}|${FAMILY_FOLDERS}|^entry/)`,
    ),
    {
      name: 'family-named-only-by-its-folders',
      comment: 'Only a family\'s own folders and the registry name a family; generic code reads the Family value.',
      severity: 'error',
      from: { path: '^(sim|reports)/', pathNot: `(${TESTS}|${FAMILY_FOLDERS}|${REGISTRY})` },
      to: { path: FAMILY_FOLDERS },
    },
    {
      name: 'families-apart',
      comment: 'A family does not import another family\'s folders.',
      severity: 'error',
      // protocols/examples/ holds protocols written as a user writes one, against one family's module shape.
      from: { path: `^(sim/families|protocols|scenarios)/([^/]+)/`, pathNot: `(${TESTS}|^protocols/examples/)` },
      to: { path: FAMILY_FOLDERS, pathNot: '^(sim/families|protocols|scenarios)/$2/' },
    },
    {
      name: 'protocols-see-the-protocol-api',
      comment: 'A protocol imports the engine\'s protocol API and its own folder, never a runner, a face or reports.',
      severity: 'error',
      from: { path: '^protocols/', pathNot: TESTS },
      to: { path: `(${RUNNERS}|${RESULTS}|${APP}|${FACES}|^entry/)` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|runs)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
