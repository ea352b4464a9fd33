// Screen: profile (being built).
export default function Route() {
  return <h1>profile</h1>;
}
