// Screen: contact (being built).
export default function Route() {
  return <h1>contact</h1>;
}
