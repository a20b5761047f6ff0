import type {CommandInput} from '../../cli/define.js';
import type {CreateFlags} from '../../cmd/reports/create/create.js';
import {GuidedCreate} from '../create/guided-create.js';
import {createNeeds} from '../../cmd/reports/shared/create-needs.js';

/** `vigil reports create` with fields missing, at a terminal: the guided form. */
export function ReportsCreateScreen({input}: {input: CommandInput<CreateFlags, unknown>}) {
  return <GuidedCreate flags={input.options} needs={createNeeds(input.options)!} />;
}
