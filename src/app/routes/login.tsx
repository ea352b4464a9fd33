// Screen: login (being built).
export default function Route() {
  return <h1>login</h1>;
}
