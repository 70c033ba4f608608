import type { FastifyPluginAsync } from 'fastify';
import { simulatorBankRoutes } from '#server/payments/simulator-banks.ts';
import { simulatorRoutes } from '#server/payments/simulator-routes.ts';
import { webhookRoutes } from '#server/payments/webhook-routes.ts';

/** Paystack's side of payments: its webhook, and its offline stand-in when no secret key is configured. */
export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  if (app.config.paystack.simulated) {
    await app.register(simulatorRoutes);
    await app.register(simulatorBankRoutes);
  }
  await app.register(webhookRoutes);
};
