// Screen: reset-password (being built).
export default function Route() {
  return <h1>reset-password</h1>;
}
