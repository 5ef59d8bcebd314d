//go:build linux || darwin || freebsd || netbsd || openbsd

package sqlite

import "syscall"

// freeSpace returns the bytes an unprivileged writer may still use on the
// file system holding path.
func freeSpace(path string) (uint64, bool, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return 0, false, err
	}
	return uint64(st.Bavail) * uint64(st.Bsize), true, nil
}
