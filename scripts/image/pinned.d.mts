export interface Pin {
  name: string;
  version: string;
  integrity: string;
}
export const PINS_FILE: string;
export function readPins(): {node: Record<string, Pin>; npm: Pin};
export function integrityOf(file: string): string;
export function verifyPinned(file: string, pin: Pin): void;
export function fetchPinned(pin: Pin, dir: string): string;
