/** The console's shell: until the console's screens are wired, a placeholder heading. */
export function OpsApp() {
  return (
    <main className="ops-shell">
      <h1>Operations</h1>
    </main>
  );
}
