// Screen: landing (being built).
export default function Route() {
  return <h1>landing</h1>;
}
