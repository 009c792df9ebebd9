// Original file: protos/auth/v1/admin.proto

import type { ProviderHours as _auth_v1_ProviderHours, ProviderHours__Output as _auth_v1_ProviderHours__Output } from '../../auth/v1/ProviderHours';
import type { Long } from '@grpc/proto-loader';

export interface AdminOverviewResponse {
  'hoursStartUnixMs'?: (number | string | Long);
  'usersTotal'?: (number | string | Long);
  'usersNewDay'?: (number | string | Long);
  'usersNewWeek'?: (number | string | Long);
  'usersActiveDay'?: (number | string | Long);
  'usersActiveWeek'?: (number | string | Long);
  'usersBlocked'?: (number | string | Long);
  'sessionsLive'?: (number | string | Long);
  'logins'?: (_auth_v1_ProviderHours)[];
  'loginFailures'?: (number | string | Long)[];
  'webhookEndpoints'?: (number | string | Long);
  'webhooksDisabled'?: (number | string | Long);
  'deliveriesFailing'?: (number | string | Long);
}

export interface AdminOverviewResponse__Output {
  'hoursStartUnixMs': (string);
  'usersTotal': (string);
  'usersNewDay': (string);
  'usersNewWeek': (string);
  'usersActiveDay': (string);
  'usersActiveWeek': (string);
  'usersBlocked': (string);
  'sessionsLive': (string);
  'logins': (_auth_v1_ProviderHours__Output)[];
  'loginFailures': (string)[];
  'webhookEndpoints': (string);
  'webhooksDisabled': (string);
  'deliveriesFailing': (string);
}
