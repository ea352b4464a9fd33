// Screen: forgot-password (being built).
export default function Route() {
  return <h1>forgot-password</h1>;
}
