// Screen: not-found (being built).
export default function Route() {
  return <h1>not-found</h1>;
}
