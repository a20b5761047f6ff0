import type * as z from 'zod';

/*
 * One upstream operation, declared once (src/api/wire/endpoints/<resource>.ts): where it is,
 * what it takes, how its answer is read, whether a failed attempt may be repeated. From the
 * declaration follow the client's call (`client.call(endpoint, input)`), its PATHS entry, the
 * sandbox's OpenAPI path and the sandbox's check of the request (src/sandbox/endpoints/), so a
 * new read writes none of them by hand (docs/commands.md#adding-a-command).
 */

/** The request as the upstream documents it: a JSON body (POST) or query parameters (GET). */
export type WireRequest = Record<string, unknown>;

export interface EndpointDeclaration<Name extends string = string, Path extends string = string, Input = unknown, Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** The PATHS key (`listThreats`), and the operationId of the sandbox's OpenAPI document. */
  name: Name;
  method: 'GET' | 'POST';
  /** Relative to the base URL, as the upstream spells it; `{param}` parts are filled by `params`. */
  path: Path;
  /** One line for the OpenAPI document: what the operation answers. */
  summary: string;
  /** The OpenAPI tag (the resource's group). */
  tag: string;
  /** The body or query the upstream accepts, in its own names: what the sandbox checks before its handler runs. */
  request: () => Req;
  /** vigil's input in the upstream's names (the one place a wire field is spelt); default: the input as is. */
  toWire?(input: Input): z.input<Req>;
  /** The values of the path's `{param}` parts (escaped when filled, never trusted as a path). */
  params?(input: Input): Record<string, string>;
  /** The tolerant reader of the answer (only identity required; docs/contract.md#the-tolerant-reader). */
  response: () => Res;
  /** How a failed attempt may be repeated (RepeatRule of src/api/exchange.ts, not imported: src/api has no import circle); a read is 'idempotent'. */
  repeat: 'idempotent' | 'unprocessed-only' | 'unsent-only';
}

// `any` where a declaration is only carried (a list, a command's field), never called.
export type AnyEndpoint = EndpointDeclaration<string, string, any, z.ZodType, z.ZodType>;
/** What `client.call(endpoint, input)` takes. */
export type EndpointInput<E> = E extends EndpointDeclaration<string, string, infer I, z.ZodType, z.ZodType> ? I : never;
/** What `client.call(endpoint, input)` resolves to: the reader's output. */
export type EndpointOutput<E> = E extends EndpointDeclaration<string, string, any, z.ZodType, infer Res> ? z.output<Res> : never;

/** Declares an endpoint; the literal name and path become PATHS' (paths.ts). */
export function defineEndpoint<const Name extends string, const Path extends string, Req extends z.ZodType, Res extends z.ZodType, Input = z.input<Req>>(
  declaration: EndpointDeclaration<Name, Path, Input, Req, Res>,
): EndpointDeclaration<Name, Path, Input, Req, Res> {
  return declaration;
}

/** The path with each `{param}` filled, escaped; a param the template names but `values` lacks throws. */
export function fillPath(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** The wire request of `input` (toWire's, or the input itself). */
export function wireRequest(endpoint: AnyEndpoint, input: unknown): WireRequest {
  return (endpoint.toWire ? endpoint.toWire(input) : input) as WireRequest;
}

/** `{listThreats: 'threats/list', ...}` of a list of declarations, typed by their literals. */
export type PathsOf<E extends readonly AnyEndpoint[]> = {readonly [D in E[number] as D['name']]: D['path']};
export function pathsOf<const E extends readonly AnyEndpoint[]>(endpoints: E): PathsOf<E> {
  return Object.fromEntries(endpoints.map(endpoint => [endpoint.name, endpoint.path])) as PathsOf<E>;
}
