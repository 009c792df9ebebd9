import { createLogger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import { checkRules } from './access';
import { startGrpcServer } from './server';

it('refuses to listen beyond loopback without internal authentication', async () => {
  const { definition, grpcObject } = loadProto('payment');
  await expect(
    startGrpcServer({
      name: 'exposed',
      host: '0.0.0.0',
      port: 0,
      services: [{ definition: grpcObject.payment.v1.PaymentService.service, implementation: {} }],
      definitions: [definition],
      log: createLogger({ name: 'test', level: 'silent' }),
    }),
  ).rejects.toThrow(/INTERNAL_KEYS_DIR/);
});

it('takes access rules only when they match the served methods exactly, by service and method', () => {
  const sessions = loadProto('sessions').grpcObject.auth.v1;
  const login = loadProto('login').grpcObject.login.v1;
  const definitions = [sessions.SessionService.service, login.LoginHandler.service];
  const rules = {
    'auth.v1.SessionService': { ListSessions: ['gateway'], EndSession: ['gateway'], EndOtherSessions: ['gateway'] },
    'login.v1.LoginHandler': { Login: ['gateway'], Callback: ['gateway'], Logout: ['gateway'] },
  };
  expect(() => checkRules(rules, definitions)).not.toThrow();
  // A method left out is nobody's: the auth service's LoginHandler.Logout once leaned on AuthService's
  // rule of the same name, and direct logins could no longer log out when rules were keyed apart.
  const { Logout: _left, ...withoutLogout } = rules['login.v1.LoginHandler'];
  expect(() => checkRules({ ...rules, 'login.v1.LoginHandler': withoutLogout }, definitions)).toThrow(
    'login.v1.LoginHandler/Logout has no rule',
  );
  expect(() =>
    checkRules({ ...rules, 'auth.v1.SessionService': { ...rules['auth.v1.SessionService'], Logout: [] } }, definitions),
  ).toThrow('auth.v1.SessionService/Logout is not served');
});
