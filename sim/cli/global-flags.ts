import type { Command, Option } from 'commander';

const VERSION_FLAGS = ['-V', '--version'];
const HELP_FLAGS = ['-h', '--help'];

/**
 * Why the program's own flags cannot be honoured as given, or undefined.
 * Commander acts on --version and --help the moment it meets them and exits
 * 0, so a word beside them was never read: `sim --version --bogus` and
 * `sim table --bogus --help` would pass in a script that means something
 * else. --version stands alone; --help goes with a command and options that
 * command (or the program) has.
 */
export function globalFlagProblem(argv: readonly string[], program: Command): string | undefined {
  const words = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  if (words.some((word) => VERSION_FLAGS.includes(word)) && argv.length > 1) {
    const other = argv.find((word) => !VERSION_FLAGS.includes(word)) ?? argv[1];
    return `--version takes nothing beside it; got '${other}' (run sim --version alone)`;
  }
  if (!words.some((word) => HELP_FLAGS.includes(word))) return undefined;
  const named = words.find((word) => !word.startsWith('-'));
  const command = named === undefined ? program : program.commands.find((candidate) => candidate.name() === named);
  if (command === undefined) return `unknown command '${named}'; \`sim --help\` lists them`;
  const options = [...command.options, ...(command === program ? [] : program.options)];
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (!word.startsWith('-') || word === '-' || HELP_FLAGS.includes(word)) continue;
    const known = optionOf(word, options);
    if (known === undefined)
      return `unknown option '${word}' beside --help (\`sim ${command === program ? '' : `${command.name()} `}--help\` lists them)`;
    // The value of an option that takes one is the next word, whatever it looks like (a negative seed, a path).
    if (known.takesNextWord) index++;
  }
  return undefined;
}

/** The option a word names (`--out`, `--out=dir`, `-o`, `-odir`) and whether its value is the next word, or undefined. */
function optionOf(word: string, options: readonly Option[]): { takesNextWord: boolean } | undefined {
  const name = word.startsWith('--') ? word.split('=')[0]! : word.slice(0, 2);
  const option = options.find((candidate) => candidate.short === name || candidate.long === name);
  if (option === undefined) return undefined;
  const takesValue = option.required || option.optional;
  const inline = word.startsWith('--') ? word.includes('=') : word.length > 2;
  if (inline && !takesValue) return undefined;
  return { takesNextWord: Boolean(option.required) && !inline };
}
