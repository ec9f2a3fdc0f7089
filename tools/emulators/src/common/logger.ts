/** The slice of pino's Logger the emulators use, so tests can pass a silent one. */
export interface EmulatorLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: EmulatorLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};
