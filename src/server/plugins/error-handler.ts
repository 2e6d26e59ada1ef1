import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FastifyError } from 'fastify';
import type { ErrorIssue, ErrorResponse } from '#contracts/errors.ts';
import { issuesSentence } from '#contracts/messages.ts';
import { isUnstorableText } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';

/** The one place that turns errors into `{ message, code, issues? }`. 5xx details stay in the log. */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler<FastifyError | AppError | Error>((error, request, reply) => {
      if (error instanceof AppError) {
        const body: ErrorResponse = {
          message: error.message,
          code: error.code,
          ...(error.issues ? { issues: error.issues } : {}),
        };
        if (error.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.status(error.statusCode).send(body);
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues: ErrorIssue[] = error.validation.map((v) => ({
          path:
            v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
            String(error.validationContext ?? 'body'),
          message: v.message ?? 'is invalid',
        }));
        // `message` is for people (sentences); programs read `issues[].path` and `issues[].message`.
        const body: ErrorResponse = {
          message: issuesSentence(issues),
          code: 'BAD_REQUEST',
          issues,
        };
        return reply.status(400).send(body);
      }

      // A safety net under the contracts' own checks: the database refused a NUL character in some text.
      if (isUnstorableText(error)) {
        const body: ErrorResponse = {
          message: 'Text must not contain the NUL character (\\u0000)',
          code: 'BAD_REQUEST',
        };
        return reply.status(400).send(body);
      }

      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return reply.status(500).send({ message: 'Internal Server Error', code: 'INTERNAL' });
      }

      // Fastify's own client errors: malformed JSON, body too large, unsupported media type, rate limit...
      const status = (error as FastifyError).statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message =
          (error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
              ? `Malformed JSON in request body: ${error.message}`
              : error.message;
        return reply.status(status).send({ message, code: (error as FastifyError).code ?? 'BAD_REQUEST' });
      }

      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: 'Internal Server Error', code: 'INTERNAL' });
    });
  },
  { name: 'error-handler' },
);
