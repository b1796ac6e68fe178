/**
 * A request's input, parsed when the use case asks for it. Use cases read it only after the caller's
 * access is checked, so an event the caller cannot see is 404 (and a refused caller 403) whatever the
 * body holds: the order of checks the service has always answered with. The route supplies the
 * parsing (zod schemas live at the HTTP edge); the use case decides when it runs.
 */
export type LazyInput<T> = () => T;
