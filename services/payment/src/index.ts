export { loadConfig, type PaymentConfig } from './config';
export { type RunningPaymentService, type StartOverrides, startPaymentService } from './service';
