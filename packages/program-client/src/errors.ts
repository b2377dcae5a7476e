// The program's custom errors as its IDL lists them (code, name, message), without the Borsh coder,
// so a screen can explain a refused transaction without loading @coral-xyz/anchor.
import idlJson from '../../../programs/marquee/idl/marquee.json' with { type: 'json' };

export interface ProgramErrorEntry {
  code: number;
  name: string;
  msg?: string;
}

/** Every custom error of the program, from the IDL. */
export const PROGRAM_ERRORS: readonly ProgramErrorEntry[] = (idlJson as { errors?: ProgramErrorEntry[] }).errors ?? [];

/** The program's error message for a custom error code, from the IDL. */
export function programErrorMessage(code: number): string | undefined {
  return PROGRAM_ERRORS.find((error) => error.code === code)?.msg;
}

/** The program's custom error code of an error name, from the IDL. */
export function programErrorCode(name: string): number | undefined {
  return PROGRAM_ERRORS.find((error) => error.name === name)?.code;
}
