/** Whether a process of this host still runs: how a left-over temporary folder or manifest is told stale. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // it runs, as another user
  }
}
