/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * robot_config.h - which players are robots: the config's robots key
 * (conf.h) read against the user files (services/robot.h: what a
 * robot is).
 */
#ifndef EPAM_SERVICES_ROBOT_CONFIG_H
#define EPAM_SERVICES_ROBOT_CONFIG_H

struct config;
struct config_robot;
struct game;

/* The robot entry (conf.h) of userid when userid is a robot of the
 * config whose account is a robot's ("robot: yes") or does not exist
 * yet (robot_ensure makes it), else NULL: a person's account under a
 * robot's name stays a person's (no robot accepts, plays or is marked
 * for it).  Each account is read once a process. */
const struct config_robot *robot_config(const struct config *cfg,
                                        const char *userid);

/* The robot entry (conf.h) of the player to move on an active g, or NULL
 * when that player is no robot of the config or g is not active. */
const struct config_robot *robot_to_move(const struct config *cfg,
                                         const struct game *g);

/* The first of g's players who is a robot (robot_config), or NULL. */
const char *robot_of_game(const struct config *cfg, const struct game *g);

/* The human whose share of the engine a robot's move on g counts
 * against: the player of g facing its robot; NULL when g has no robot
 * or its other player is a robot too. */
const char *robot_human(const struct config *cfg, const struct game *g);

#endif
