#!/usr/bin/python3
"""Reads a TuneD profile with TuneD's own modules and says which disk unit, scheduler and sysfs
settings TuneD gives each disk (TunedProfileTest runs it on the profile Elevator exports):

    tuned-profile-check.py PROFILE_DIRS NAME DISKS.json [--verify DISK,...]   ->  JSON on stdout

PROFILE_DIRS: TuneD's profile directories, colon-separated, lowest priority first (as TuneD's
LOAD_DIRECTORIES). DISKS.json: [{"name", "removable", "parent" (subsystem or null),
"properties" {udev KEY: VALUE}}]. TuneD's loader (includes, merging, variables) reads the
profile; units are ordered as its units manager orders them (by priority, stable); each disk
unit takes the free disks TuneD's disk plugin supports (DiskPlugin._device_is_supported) and
its devices / devices_udev_regex match (DeviceMatcher, DeviceMatcherUdev), as
Plugin._get_matching_devices does. Nothing is applied to the machine.

--verify: what `tuned-adm verify` does for the units that took these disks, without the daemon
(which needs systemd and D-Bus, and applies the profile first): the disk plugin's and the sysfs
plugin's own verify code compares each option with the disk in /sys as it is now, and says
true or false per option under "verified" (TuneD logs each comparison on stderr, as it does)."""
import json
import os
import sys

import tuned.consts as consts
from tuned.hardware.device_matcher import DeviceMatcher
from tuned.hardware.device_matcher_udev import DeviceMatcherUdev
from tuned.plugins.plugin_disk import DiskPlugin
from tuned.plugins.plugin_sysfs import SysfsPlugin
from tuned.profiles.factory import Factory
from tuned.profiles.loader import Loader
from tuned.profiles.locator import Locator
from tuned.profiles.merger import Merger
from tuned.profiles.variables import Variables
from tuned.utils.global_config import GlobalConfig


class Parent:
    def __init__(self, subsystem):
        self.subsystem = subsystem


class Disk:
    """What DiskPlugin._device_is_supported and DeviceMatcherUdev read of a pyudev.Device."""

    def __init__(self, d):
        self.sys_name = d["name"]
        self.device_type = "disk"
        self.attributes = {"removable": b"1" if d["removable"] else b"0"}
        self.parent = None if d.get("parent") is None else Parent(d["parent"])
        self.properties = d["properties"]


class NoStorage:
    """The plugins' storage keeps what to put back after applying; verifying applies nothing."""

    def create(self, name):
        return None


class SysfsUnit:
    """What SysfsPlugin._instance_verify_static reads of an instance: its paths and values."""

    def __init__(self, options):
        self._sysfs = options


def verify(units, taken, names):
    """Per disk, per option of its units: TuneD's verdict on /sys as it is (verify_tuning, without the daemon)."""
    plugin_args = (None, NoStorage(), None, None, None, None, GlobalConfig(), Variables())
    disk, sysfs = DiskPlugin(*plugin_args), SysfsPlugin(*plugin_args)
    verdicts = {}
    for name in names:
        unit = taken[name]
        verdict = {}
        for command in disk._commands.values():
            value = unit.options.get(command["name"])
            if command["per_device"] and command["custom"] is None and value is not None:
                verdict[command["name"]] = disk._verify_device_command(None, command, name, value, False) is not False
        for u in units:
            if u.type != "sysfs":
                continue
            for path, value in u.options.items():
                if path.startswith("/sys/block/%s/" % name):
                    verdict[path] = sysfs._instance_verify_static(SysfsUnit({os.path.normpath(path): value}), False, None)
        verdicts[name] = verdict
    return verdicts


def main():
    dirs, name, disks_file = sys.argv[1].split(":"), sys.argv[2], sys.argv[3]
    to_verify = sys.argv[5].split(",") if len(sys.argv) > 5 and sys.argv[4] == "--verify" else []
    with open(disks_file) as f:
        disks = [Disk(d) for d in json.load(f)]
    loader = Loader(Locator(dirs), Factory(), Merger(), GlobalConfig(), Variables())
    profile = loader.load([name])
    units = [u for u in profile.units.values() if u.enabled]
    for u in units:
        u.options.setdefault("priority", consts.CFG_DEF_DEFAULT_INSTANCE_PRIORITY)
    units.sort(key=lambda u: int(u.options["priority"]))
    free = [d for d in disks if DiskPlugin._device_is_supported(d)]
    by_name, by_udev = DeviceMatcher(), DeviceMatcherUdev()
    result = {"units": [u.name for u in units], "disks": {}, "sysfs": {}}
    taken_by = {}
    for u in units:
        if u.type == "sysfs":
            result["sysfs"].update({k: v for k, v in u.options.items() if k.startswith("/sys/")})
            continue
        if u.type != "disk":
            continue
        if u.devices_udev_regex is None:
            taken = [d for d in free if by_name.match(u.devices, d.sys_name)]
        else:
            taken = by_udev.match_list(u.devices_udev_regex, free)
        for d in taken:
            taken_by[d.sys_name] = u
            result["disks"][d.sys_name] = {"unit": u.name, "elevator": u.options.get("elevator"),
                                           "readahead": u.options.get("readahead")}
        free = [d for d in free if d not in taken]
    result["untouched"] = [d.sys_name for d in disks if d.sys_name not in result["disks"]]
    result["verified"] = verify(units, taken_by, [n for n in to_verify if n in taken_by])
    json.dump(result, sys.stdout, indent=1, sort_keys=True)


main()
