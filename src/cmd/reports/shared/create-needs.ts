import type {CreateFlags} from '../create/create.js';

// Kept apart from the guided-create components so `reports create` can decide whether to
// prompt without loading them (they are imported lazily, only on a terminal).
/** Which fields the flags left out, so the guided create asks for them. */
export interface CreateNeeds {
  title: boolean;
  description: boolean;
  assets: boolean;
  contactInfo: boolean;
}

/**
 * Which fields `reports create` must ask for, or null when the flags are complete (or a
 * payload file or --dry-run says the run is scripted): then the static path runs as is.
 */
export function createNeeds(flags: CreateFlags): CreateNeeds | null {
  if (flags.payloadFile !== undefined || flags.dryRun === true) return null;
  const needs: CreateNeeds = {
    title: flags.title === undefined,
    description: flags.description === undefined,
    assets: (flags.asset ?? []).length === 0,
    contactInfo: flags.contactInfo === undefined,
  };
  return needs.title || needs.description || needs.assets ? needs : null;
}
