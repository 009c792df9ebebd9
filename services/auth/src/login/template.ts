/** The fields a verified provider's template may use, as in go-pkgz (Go template syntax). */
export interface TemplateFields {
  Address: string;
  User: string;
  Token: string;
  Site: string;
}

const FIELD = /\{\{\s*\.(\w+)\s*\}\}/g;
const ANY_ACTION = /\{\{[^}]*\}\}/g;

export const DEFAULT_TEMPLATE = '\nConfirmation for {{.User}} {{.Address}}, site {{.Site}}\n\nToken: {{.Token}}\n';

/** Names the problems of a template (unknown fields, unsupported actions); empty when usable. */
export function templateProblems(template: string): string[] {
  const problems: string[] = [];
  for (const action of template.match(ANY_ACTION) ?? []) {
    const m = /^\{\{\s*\.(\w+)\s*\}\}$/.exec(action);
    if (!m) problems.push(`unsupported template action ${action} (only {{.Address}} {{.User}} {{.Token}} {{.Site}})`);
    else if (!['Address', 'User', 'Token', 'Site'].includes(m[1] as string)) problems.push(`unknown field ${action}`);
  }
  return problems;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
  '+': '&#43;',
};

/** Go html/template's escaping of values: a user name cannot inject markup into an HTML email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'+]/g, (c) => ENTITIES[c] as string);
}

export function renderTemplate(template: string, fields: TemplateFields): string {
  return template.replace(FIELD, (_m, name: string) => escapeHtml(fields[name as keyof TemplateFields] ?? ''));
}
