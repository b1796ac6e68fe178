export * from './table.js';
export * from './negotiate.js';
export * from './csv.js';
export * from './html.js';
export * from './pdf.js';
export * from './send.js';
export * from './win-ansi.js';
