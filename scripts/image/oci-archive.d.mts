export interface OciLayer {
  digest: string;
  size: number;
  mediaType: string;
  /** The blob's file in the unpacked archive. */
  path: string;
}
export interface OciArchive {
  dir: string;
  manifest: {layers: {digest: string; size: number; mediaType: string}[]};
  config: {config: {User?: string; Labels?: Record<string, string>; Entrypoint?: string[]; Cmd?: string[]; Env?: string[]; WorkingDir?: string}; rootfs: {diff_ids: string[]}};
  layers: OciLayer[];
}
export function readOciArchive(file: string): OciArchive;
export function layerPaths(layer: OciLayer): string[];
export function unpackedSize(layer: OciLayer): Promise<number>;
export function unpackRootfs(archive: OciArchive, into: string): void;
