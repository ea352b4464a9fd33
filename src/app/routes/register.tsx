// Screen: register (being built).
export default function Route() {
  return <h1>register</h1>;
}
