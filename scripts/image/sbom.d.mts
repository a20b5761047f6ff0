export function dpkgPackages(rootfs: string): {name: string; version: string; arch: string}[];
export function nodeModules(dir: string): {name: string; version: string; license?: unknown; path: string}[];
export function imageSbom(image: {rootfs: string; name: string; version: string; labels: Record<string, string>; nodeVersion: string}): {
  bomFormat: string;
  specVersion: string;
  components: {type: string; name: string; version: string; purl?: string; hashes?: {alg: string; content: string}[]; properties?: {name: string; value: string}[]}[];
};
export function packageSbom(root: string): {bomFormat: string; components: {name: string; version: string; purl?: string}[]};
