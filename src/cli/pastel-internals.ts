// The one door to Pastel's internal modules. Pastel's package exports only its entry point,
// which imports Ink; the fast path needs Pastel's own option and argument generators so that
// both paths turn a definition's zod schemas into Commander options with the very same code.
// After a Pastel upgrade, re-check with the command in scripts/build/patches.mjs.
export {default as generateOptions} from '../../node_modules/pastel/build/generate-options.js';
export {default as generateArguments} from '../../node_modules/pastel/build/generate-arguments.js';
