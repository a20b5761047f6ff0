import * as z from 'zod';
import {memo} from '../../memo.js';

/*
 * The tolerant reader's pieces the platform listings share (docs/contract.md#the-tolerant-reader):
 * a field that may be missing or null reads as undefined, an id as a string whether the
 * upstream sends a number or a string.
 */

/** Missing or null: undefined. */
export const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform(value => value ?? undefined);
/** An id as vigil prints it: a number or a non-empty string, as a string. */
export const idText = memo(() => z.union([z.number(), z.string().min(1)]).transform(String));
export const optionalIdText = memo(() => nullish(idText()));
export const optionalText = memo(() => nullish(z.string()));
/** A list of strings; an item that is not one is dropped, not a failed page. */
export const textList = memo(() => nullish(z.array(z.unknown()).transform(items => items.filter((item): item is string => typeof item === 'string'))));
