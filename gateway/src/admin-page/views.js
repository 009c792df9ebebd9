// The console's views, in the order the navigation shows them: one module each, loaded when first
// opened. A new section (limits, reconciliation, ...) is one line here and one file beside this one;
// the listener serves every .js and .css file of this folder (routes/admin/page.routes.ts).
// A view module's default export: { title, show(root, path, params) } with an optional hide() (timers).
// `path` is the hash route after the view's name (#/users/<id> gives ['<id>']), `params` its ?query.

export const VIEWS = [
  { name: 'overview', title: 'Overview', load: () => import('./overview.js') },
  { name: 'users', title: 'Users', load: () => import('./users.js') },
  { name: 'activity', title: 'Activity', load: () => import('./activity.js') },
  { name: 'webhooks', title: 'Webhooks', load: () => import('./webhooks.js') },
  { name: 'money', title: 'Money', load: () => import('./money.js') },
  { name: 'limits', title: 'Limits', load: () => import('./limits.js') },
  { name: 'reconciliation', title: 'Reconciliation', load: () => import('./reconciliation.js') },
  { name: 'velocity', title: 'Velocity rules', load: () => import('./velocity.js') },
  { name: 'clients', title: 'OpenID clients', load: () => import('./clients.js') },
  { name: 'orgs', title: 'Organisations', load: () => import('./orgs.js') },
];
