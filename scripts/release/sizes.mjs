// `npm run sizes`: README.md's figures for the package and the image, read from the build
// rather than typed: the package's from `npm pack --dry-run` (what `npm pack` would write),
// the image's from the `<archive>.sizes.json` that `npm run image -- --output <archive>`
// writes beside the archive. Writes them between README.md's `sizes` markers;
// `--check` writes nothing and exits 1 when a figure is more than 5% off what the build
// reports now (a figure rounded to 0.1 MB drifts with every change; 5% is a stale one).
//   node scripts/release/sizes.mjs [--image vigil.oci.tar] [--check] [--readme README.md]
import {execFileSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const {values: flags} = parseArgs({options: {image: {type: 'string'}, check: {type: 'boolean'}, readme: {type: 'string'}}});
const readmePath = path.resolve(flags.readme ?? path.join(root, 'README.md'));
const fail = message => {
  process.stderr.write(`sizes: ${message}\n`);
  process.exit(1);
};
const mb = bytes => `${(bytes / 1e6).toFixed(1)} MB`;
const BEGIN = '<!-- sizes: written by `npm run sizes` from the build; do not edit -->';
const END = '<!-- /sizes -->';

// Not `npm pack` itself: prepack would build again, and a dry run writes no tarball.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {cwd: root, encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024}));
const packageLine = `- npm package \`${packed.filename}\`: ${mb(packed.size)} (${mb(packed.unpackedSize)} unpacked, ${packed.entryCount} files), from \`npm pack\``;
// Both figures are rounded to 0.1 MB, so one size near a rounding edge reads 0.8 on one build
// and 0.9 on the next: a step of the rounding is not a stale figure.
const ROUNDING = 0.1e6 + 1;
const figuresOf = line => [...line.matchAll(/(\d+(?:\.\d+)?) MB/g)].map(match => Number(match[1]) * 1e6);

let imageLine;
if (flags.image) {
  const file = `${path.resolve(flags.image)}.sizes.json`;
  let image;
  try {
    image = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`--image: cannot read ${file} (${error.code ?? error.message}): \`npm run image -- --output ${flags.image}\` writes it`);
  }
  const vigil = image.vigilLayerBytes.reduce((a, b) => a + b, 0);
  imageLine = `- image \`${image.tag}\`: OCI archive ${mb(image.archiveBytes)}; vigil's layers ${mb(vigil)} unpacked (${image.vigilLayerBytes.map(mb).join(' + ')}) on a base of ${mb(image.baseBytes)}, from \`npm run image\` on ${image.measuredAt}`;
}

const readme = readFileSync(readmePath, 'utf8');
const start = readme.indexOf(BEGIN);
const end = readme.indexOf(END);
if (start < 0 || end < start) fail(`${readmePath} has no sizes block (${BEGIN} ... ${END})`);
const lines = readme.slice(start + BEGIN.length, end).trim().split('\n');
const written = {package: lines.find(line => line.startsWith('- npm package')), image: lines.find(line => line.startsWith('- image'))};

if (flags.check) {
  const stale = [];
  const compare = (what, line, now) => {
    if (!line) return stale.push(`no ${what} line`);
    const [says, is] = [figuresOf(line), figuresOf(now)];
    if (says.length !== is.length || says.some((value, i) => Math.abs(value - is[i]) > Math.max(0.05 * is[i], ROUNDING))) stale.push(`the ${what} line says "${line.slice(2)}"; the build makes "${now.slice(2)}"`);
  };
  compare('package', written.package, packageLine);
  if (imageLine) compare('image', written.image, imageLine);
  if (stale.length > 0) fail(`${path.basename(readmePath)}'s sizes are stale: ${stale.join('; ')}: run \`npm run sizes${flags.image ? ` -- --image ${flags.image}` : ''}\``);
  process.stderr.write(`sizes: ${path.basename(readmePath)} matches the build (package${imageLine ? ' and image' : '; the image not checked: pass --image <archive>'})\n`);
} else {
  const block = [packageLine, imageLine ?? written.image].filter(Boolean).join('\n');
  writeFileSync(readmePath, `${readme.slice(0, start + BEGIN.length)}\n${block}\n${readme.slice(end)}`);
  process.stderr.write(`sizes: wrote ${path.basename(readmePath)}: ${packageLine.slice(2)}${imageLine ? '' : ' (the image line kept: pass --image <archive> to read it)'}\n`);
}
