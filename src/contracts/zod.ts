import { z } from 'zod';
import { humanIssue } from './messages.ts';

/**
 * The zod every schema of ours is built with, configured as it is first imported: a value refused without a
 * sentence of its own reads as `humanIssue` words it, in a form, an API answer or a log, on whichever side parses.
 * Nothing has to install it first, and a page that parses nothing (the landing page) loads no zod at all.
 */
z.config({ customError: humanIssue });

export { z };
