/** A valid AVS number of this run alone: 756, nine random digits, the EAN-13 check digit. */
export function freshAvs() {
  const digits = `756${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}
