import fs from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { validateXML } from "xmllint-wasm";

/** The schemas of the job boards' feeds (tests/fixtures/feeds). */
export const FEED_SCHEMAS = {
  indeed: path.resolve(import.meta.dirname, "../fixtures/feeds/indeed.xsd"),
  jobcloud: path.resolve(import.meta.dirname, "../fixtures/feeds/jobcloud.xsd"),
  json: path.resolve(import.meta.dirname, "../fixtures/feeds/job-posting.schema.json"),
};

/**
 * An XML document checked against an XML Schema by libxml2 (xmllint compiled to WebAssembly):
 * the errors, well-formedness errors included; empty when the document is valid.
 */
export async function validateXml(xml: string, xsdPath: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: "feed.xml", contents: xml }],
    schema: [{ fileName: path.basename(xsdPath), contents: fs.readFileSync(xsdPath, "utf8") }],
    // feeds of a few thousand ads are several megabytes
    initialMemoryPages: 512,
    maxMemoryPages: 4096,
  });
  if (result.valid) return [];
  // a document that is not well-formed may be reported in the raw output only
  return result.errors.length ? result.errors.map((e) => e.rawMessage) : [result.rawOutput || "invalid XML"];
}

const validators = new Map<string, ValidateFunction>();

/** A value checked against a JSON Schema (draft 2020-12) with formats: the errors, empty when valid. */
export function validateJson(data: unknown, schemaPath: string): string[] {
  let validate = validators.get(schemaPath);
  if (!validate) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
    addFormats(ajv);
    validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, "utf8")) as object);
    validators.set(schemaPath, validate);
  }
  if (validate(data)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
  );
}
