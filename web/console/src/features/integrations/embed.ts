/**
 * What a club pastes into its site to show a regatta's live results (docs/public-results.md, the
 * gateway's /embed/v1/demo page): the widget script from the platform's origin and one
 * <regatta-results> element naming the regatta, the embed token and the view.
 */
export const WIDGET_VIEWS = ['standings', 'results', 'entries', 'schedule'] as const;
export type WidgetView = (typeof WIDGET_VIEWS)[number];

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function widgetSnippet(origin: string, event: string, token: string, view: WidgetView = 'standings'): string {
  return [
    `<script src="${escapeAttribute(origin)}/embed/v1/regatta-widget.js" async></script>`,
    `<regatta-results event="${escapeAttribute(event)}" token="${escapeAttribute(token)}" view="${view}"></regatta-results>`,
  ].join('\n');
}

/**
 * The gateway's own demo page showing the widget for a regatta and token (the console's live
 * preview) in the console's language, scrolled to its preview section where the widget appears.
 */
export function previewPath(event: string, token: string, view: WidgetView = 'standings', lang = 'en'): string {
  return `/embed/v1/demo?${new URLSearchParams({ event, token, view, lang }).toString()}#step-preview`;
}
