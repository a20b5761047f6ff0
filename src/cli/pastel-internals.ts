// The one door to Pastel's internal modules. Pastel's package exports only its entry point,
// which imports Ink; the fast path needs Pastel's own option and argument generators so that
// both paths turn a definition's zod schemas into Commander options with the very same code.
// The build fails when Pastel is not the version this was written for (REACHES in
// scripts/build/patches.mjs), naming the re-check.
export {default as generateOptions} from '../../node_modules/pastel/build/generate-options.js';
export {default as generateArguments} from '../../node_modules/pastel/build/generate-arguments.js';
