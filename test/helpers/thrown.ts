import type {InputError} from '../../src/errors.js';

/** A class an expected error must be an instance of. */
type ErrorClass<E> = abstract new (...args: never[]) => E;

function expectType<E>(error: unknown, type: ErrorClass<E> | undefined): E {
  // Another error is rethrown as is: its own message and stack say what went wrong.
  if (type && !(error instanceof type)) throw error;
  return error as E;
}

/** The error `work` throws; fails the test when it returns, so no assertion ever inspects an error that was not raised. */
export function thrownBy<E = Error>(work: () => unknown, type?: ErrorClass<E>): E {
  try {
    work();
  } catch (error) {
    return expectType(error, type);
  }
  throw new Error(`expected ${type?.name ?? 'an error'} to be thrown, but the call returned`);
}

/** The error `promise` rejects with; fails the test when it resolves (the async twin of thrownBy). */
export async function rejectionOf<E = Error>(promise: Promise<unknown>, type?: ErrorClass<E>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return expectType(error, type);
  }
  throw new Error(`expected ${type?.name ?? 'an error'} as the rejection, but the call resolved`);
}

/** An InputError's problems as the `field: message` lines a user reads. */
export function problemLines(error: InputError): string[] {
  return error.problems.map(problem => (problem.field ? `${problem.field}: ${problem.message}` : problem.message));
}
