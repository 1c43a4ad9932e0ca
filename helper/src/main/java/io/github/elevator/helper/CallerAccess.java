package io.github.elevator.helper;

import com.sun.jna.*;
import com.sun.jna.ptr.IntByReference;

/**
 * Whether the person the helper runs for could open a device node themselves, for the kinds whose
 * descriptor is handed over to no one else ({@link io.github.elevator.device.HandOverKind.Rule#OWN_ACCESS}).
 * The person is the uid pkexec names in PKEXEC_UID (the launcher passes only that on); without it the
 * helper was run by root directly. Their groups are the account database's (getgrouplist), the rule
 * the kernel's for a mode without ACLs: the owner's bits for the owner, the group's for a member,
 * the others' for everyone else. An ACL that grants more is not read: that only refuses more.
 */
final class CallerAccess {
    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private CallerAccess() {
    }

    private static native Pointer getpwuid(int uid);

    private static native int getgrouplist(String user, int group, int[] groups, IntByReference count);

    /** The uid the helper acts for. */
    static int caller() {
        String asked = System.getenv("PKEXEC_UID");
        if (asked == null || asked.isEmpty()) return ProcessIds.current().realUid();
        return asked.matches("[0-9]{1,9}") ? Integer.parseInt(asked) : -1;
    }

    /** Why {@code caller} may not read a node of owner {@code uid}, group {@code gid} and {@code mode}, or null. */
    static String refusal(int caller, int uid, int gid, int mode) {
        if (caller == 0) return null;
        int bits = caller == uid ? mode >> 6 : memberOf(caller, gid) ? mode >> 3 : mode;
        return (bits & 04) != 0 ? null : "you (uid " + caller + ") cannot open this device yourself, and a descriptor of it"
                + " would let its holder change it through its driver's ioctls, whatever its open mode";
    }

    private static boolean memberOf(int caller, int gid) {
        Pointer account = caller < 0 ? null : getpwuid(caller);
        if (account == null) return false;
        String name = account.getPointer(0).getString(0);
        int primary = account.getInt(Native.POINTER_SIZE * 2L + 4);
        IntByReference count = new IntByReference(64);
        int[] groups = new int[64];
        if (getgrouplist(name, primary, groups, count) < 0) {
            groups = new int[count.getValue()];
            if (getgrouplist(name, primary, groups, count) < 0) return false;
        }
        for (int i = 0; i < count.getValue(); i++) if (groups[i] == gid) return true;
        return false;
    }
}
