import { DEFAULT_TEMPLATE, renderTemplate, templateProblems } from './template';

describe('verified-login template', () => {
  it('renders the four go-pkgz fields with html/template escaping', () => {
    const text = renderTemplate('{{.User}}|{{ .Address }}|{{.Site}}|{{.Token}}', {
      User: `<script>"x" & 'y'+`,
      Address: 'a+b@example.com',
      Site: 'site',
      Token: 'tok',
    });
    expect(text).toBe('&lt;script&gt;&#34;x&#34; &amp; &#39;y&#39;&#43;|a&#43;b@example.com|site|tok');
  });

  it('names unknown fields and unsupported actions, and accepts the default template', () => {
    expect(templateProblems(DEFAULT_TEMPLATE)).toEqual([]);
    expect(templateProblems('{{.Email}} {{if .User}}x{{end}}')).toEqual([
      'unknown field {{.Email}}',
      'unsupported template action {{if .User}} (only {{.Address}} {{.User}} {{.Token}} {{.Site}})',
      'unsupported template action {{end}} (only {{.Address}} {{.User}} {{.Token}} {{.Site}})',
    ]);
  });
});
