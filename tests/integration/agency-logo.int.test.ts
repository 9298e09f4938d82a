import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError, integrationHarness } from "../support/harness";
import { agencyWithPeople } from "../support/missions";

/** An agency's logo: checked by its content, kept small, served only while current, changed by the agency's admins only. */
const { domain } = integrationHarness();
let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? { key: e.key, field: e.field } : Promise.reject(e)),
  );
const picture = (width: number, height: number, format: "png" | "jpeg" = "png") => {
  const image = sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
};

beforeAll(async () => {
  agency = await agencyWithPeople(domain);
  other = await agencyWithPeople(domain);
}, 60_000);

describe("agency logo", () => {
  it("keeps an upload as a WebP of at most 256 px, serves it while it is current, and removes it", async () => {
    const first = (await domain.agencies.changeLogo(agency.consultant, agency.agencyId, {
      name: "logo.png",
      bytes: await picture(1200, 600),
    }))!;
    const stored = (await domain.agencies.readLogo(first))!;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 128 });
    expect(await domain.agencies.logoIds([agency.agencyId, other.agencyId])).toEqual({ [agency.agencyId]: first });

    // a new logo replaces the old one, which is no longer served
    const second = (await domain.agencies.changeLogo(agency.consultant, agency.agencyId, {
      name: "photo.JPG",
      bytes: await picture(100, 80, "jpeg"),
    }))!;
    expect(await sharp((await domain.agencies.readLogo(second))!).metadata()).toMatchObject({ width: 100, height: 80 });
    expect(await domain.agencies.readLogo(first)).toBeNull();

    await domain.agencies.changeLogo(agency.consultant, agency.agencyId, null);
    expect(await domain.agencies.logoIds([agency.agencyId])).toEqual({});
    expect(await domain.agencies.readLogo(second)).toBeNull();
  });

  it("refuses what is not an image, a file too large, and anyone but the agency's admins", async () => {
    const upload = { name: "logo.png", bytes: await picture(64, 64) };
    expect(
      await refusal(
        domain.agencies.changeLogo(agency.consultant, agency.agencyId, {
          name: "logo.png",
          bytes: new TextEncoder().encode("not a picture at all"),
        }),
      ),
    ).toEqual({
      key: "validation.logo_type",
      field: "logo",
    });
    expect(
      await refusal(
        domain.agencies.changeLogo(agency.consultant, agency.agencyId, { name: "logo.gif", bytes: upload.bytes }),
      ),
    ).toEqual({ key: "validation.logo_type", field: "logo" });
    expect(
      await refusal(
        domain.agencies.changeLogo(agency.consultant, agency.agencyId, {
          name: "big.png",
          bytes: new Uint8Array(2 * 1024 * 1024 + 1),
        }),
      ),
    ).toEqual({
      key: "validation.logo_too_large",
      field: "logo",
    });
    expect(await refusal(domain.agencies.changeLogo(other.consultant, agency.agencyId, upload))).toMatchObject({
      key: "not_authorized",
    });
    expect(await refusal(domain.agencies.changeLogo(agency.manager, agency.agencyId, upload))).toMatchObject({
      key: "not_authorized",
    });
    expect(await domain.agencies.logoIds([agency.agencyId])).toEqual({});
    // no other file of the storage is reachable as a logo
    expect(await domain.agencies.readLogo("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await domain.agencies.readLogo("../etc/passwd")).toBeNull();
  });
});
