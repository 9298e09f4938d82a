/**
 * `npm start` without NODE_ENV is production (as the configuration says): set it before anything
 * loads React, which otherwise picks its development build, several times slower to render.
 * Imported first by start.ts.
 */
process.env.NODE_ENV ??= "production";
