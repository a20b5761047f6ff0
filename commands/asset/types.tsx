import {definition} from '../../src/cmd/asset/types/command.js';
import {pastelCommand} from '../../src/ui/pastel-command.js';

// Pastel's view of the command; the command itself is its definition (docs/commands.md).
const command = pastelCommand(definition);
export {definition};
export const {description, options, args} = command;
export default command.component;
