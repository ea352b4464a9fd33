// Screen: my-tournaments (being built).
export default function Route() {
  return <h1>my-tournaments</h1>;
}
