/** JSON inside a <script> element: `<` escaped so that no text of an ad can close the element. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
